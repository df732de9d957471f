# The user of locust.csv (made by make.sh): a page, a file, a 404.
from locust import HttpUser, task, constant


class Reader(HttpUser):
    wait_time = constant(0.05)

    @task(3)
    def home(self):
        self.client.get("/index.html")

    @task(1)
    def big(self):
        self.client.get("/big.txt", name="big, file")

    @task(1)
    def missing(self):
        self.client.get("/nope")
